// hls.js ships types for its full build only; the light build (no DRM, subtitles or alternate
// audio, none of which a camera's recordings use) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

/**
 * Stored files' keys in the storage: files/<id>, packs files/packs/<pack>, uploads in progress
 * files/.incoming/<name>. The sweeps name them below files/ (`12`, `packs/<pack>`). The store, the
 * packs, the upload and the sweeps all name keys this one way.
 */
export const filesPrefix = 'files/';
export const incomingPrefix = `${filesPrefix}.incoming/`;
export const fileKey = (name: string) => filesPrefix + name;

/** The pack's name below files/, as the stored files' sweeps name what they move (file-packs.ts). */
export const packName = (pack: string) => `packs/${pack}`;

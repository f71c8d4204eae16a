import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { staleConsoleBuild } from './console-build-freshness';

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'cfop-build-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(join(root, 'src', 'pages', 'Home.tsx'), 'export {}');
  writeFileSync(join(root, 'openapi.yaml'), 'openapi: 3.1.0');
  return root;
}

function touch(path: string, secondsAgo: number): void {
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, at, at);
}

function build(root: string): string {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const index = join(root, 'dist', 'index.html');
  writeFileSync(index, '<!doctype html>');
  return index;
}

describe('console build freshness', () => {
  it('wants a build when there is none', () => {
    expect(staleConsoleBuild(project())).toBe('dist/index.html is missing');
  });

  it('is fresh when the build is newer than every input', () => {
    const root = project();
    touch(join(root, 'src', 'pages', 'Home.tsx'), 60);
    touch(join(root, 'openapi.yaml'), 60);
    touch(build(root), 10);
    expect(staleConsoleBuild(root)).toBeNull();
  });

  it('names an input changed after the build, however deep', () => {
    const root = project();
    touch(join(root, 'openapi.yaml'), 60);
    touch(build(root), 30);
    touch(join(root, 'src', 'pages', 'Home.tsx'), 5);
    expect(staleConsoleBuild(root)).toBe('src/pages/Home.tsx changed after the last build');
  });
});

import { Project, type SourceFile } from 'ts-morph';

const project = new Project({ useInMemoryFileSystem: true });

/** A fresh in-memory ts-morph file to build one generated module in. */
export function newSourceFile(name: string): SourceFile {
  return project.createSourceFile(name, '', { overwrite: true });
}

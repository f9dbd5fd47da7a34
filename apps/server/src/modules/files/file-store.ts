import { randomUUID } from 'node:crypto';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { FilesRepositories } from './files.repositories.js';
import type { FileRepository } from './file.repository.js';

/** A file to keep: its bytes, their media type, and the user it belongs to. */
export interface NewFile {
  bytes: Buffer;
  contentType: string;
  ownerId: number;
  /** Ends the key (`png`, `jpg`), so that the URL names the kind of file. */
  extension?: string;
  /** false for the company's files a member of the staff uploads (kept when that account is deleted); default true. */
  personal?: boolean;
}

export interface StoredFile {
  contentType: string;
  bytes: Buffer;
}

/**
 * Where uploaded files live (docs/decisions/0020). The database driver below is the only one today;
 * an S3-compatible object store is a second implementation of this interface, chosen by
 * configuration. Keys are opaque, URL-safe names (`<uuid>.<extension>`) the caller keeps and serves.
 *
 * `within`: the repositories of the caller's transaction. The database driver writes in it, so a
 * file and the row that names it (a user's avatar) change together. An object-store driver cannot
 * join a database transaction: it would write at once (a failed transaction leaves an orphan object,
 * which is harmless and can be swept) and queue deletions as a job after the commit.
 */
export interface FileStore {
  put(file: NewFile, within?: Tx): Promise<string>;
  get(key: string): Promise<StoredFile | undefined>;
  isOwnedBy(key: string, ownerId: number): Promise<boolean>;
  /** Deletes the owner's file (nothing when the key names another owner's). */
  delete(key: string, ownerId: number, within?: Tx): Promise<void>;
  /** Deletes a record file (not personal) a newer one replaces, whoever uploaded it; a personal file stays. */
  deleteRecord(key: string, within?: Tx): Promise<void>;
  /** Keeps the files when their owner's account is deleted (records the company keeps). */
  keep(keys: string[], within?: Tx): Promise<void>;
}

/** Files in the database's `uploads` table: every server instance serves them, nothing else to run. */
export class DatabaseFileStore implements FileStore {
  constructor(private readonly transactor: Transactor<FilesRepositories>) {}

  private get files(): FileRepository {
    return this.transactor.on().files;
  }

  async put(file: NewFile, within?: Tx): Promise<string> {
    const key = file.extension ? `${randomUUID()}.${file.extension}` : randomUUID();
    await this.transactor.on(within).files.insert({
      name: key,
      ownerId: file.ownerId,
      contentType: file.contentType,
      bytes: file.bytes,
      personal: file.personal ?? true,
    });
    return key;
  }

  get(key: string): Promise<StoredFile | undefined> {
    return this.files.find(key);
  }

  isOwnedBy(key: string, ownerId: number): Promise<boolean> {
    return this.files.isOwnedBy(key, ownerId);
  }

  /** Makes files records the company keeps (an issued invoice, a paid order's bank slip): deleting their owner's account leaves them. */
  async keep(keys: string[], within?: Tx): Promise<void> {
    await this.transactor.on(within).files.keep(keys);
  }

  async delete(key: string, ownerId: number, within?: Tx): Promise<void> {
    await this.transactor.on(within).files.delete(key, ownerId);
  }

  /**
   * Deletes a file kept as a record (`personal: false`) that a newer one replaces, whoever uploaded it:
   * a company's licence replaced by another of its 管理员. A personal file is left alone.
   */
  async deleteRecord(key: string, within?: Tx): Promise<void> {
    await this.transactor.on(within).files.deleteRecord(key);
  }
}

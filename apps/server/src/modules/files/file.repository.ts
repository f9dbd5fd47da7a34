import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { uploads } from './files.schema.js';

export interface FileRow {
  name: string;
  ownerId: number;
  contentType: string;
  bytes: Buffer;
  personal?: boolean;
}

/** Files kept in the database (`uploads`): the database driver of the file store. */
export class FileRepository {
  constructor(private readonly db: Db) {}

  async insert(file: FileRow): Promise<void> {
    await this.db.insert(uploads).values(file);
  }

  async find(name: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const [row] = await this.db
      .select({ contentType: uploads.contentType, bytes: uploads.bytes })
      .from(uploads)
      .where(eq(uploads.name, name));
    return row;
  }

  async isOwnedBy(name: string, ownerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ name: uploads.name })
      .from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.ownerId, ownerId)));
    return row !== undefined;
  }

  /** Deletes a file kept as a record (not personal) of this name, whoever uploaded it. */
  async deleteRecord(name: string): Promise<void> {
    await this.db.delete(uploads).where(and(eq(uploads.name, name), eq(uploads.personal, false)));
  }

  /** Deletes the owner's file of this name (nothing when it is another owner's). */
  async delete(name: string, ownerId: number): Promise<void> {
    await this.db.delete(uploads).where(and(eq(uploads.name, name), eq(uploads.ownerId, ownerId)));
  }

  /** Makes files records the company keeps (an issued invoice, a paid order's bank slip): deleting their owner's account leaves them. */
  async keep(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db.update(uploads).set({ personal: false }).where(inArray(uploads.name, names));
  }

  /** Deletes the owner's personal files (deleting the account); the company's files they uploaded stay. */
  async deleteAllOf(ownerId: number): Promise<void> {
    await this.db.delete(uploads).where(and(eq(uploads.ownerId, ownerId), eq(uploads.personal, true)));
  }
}

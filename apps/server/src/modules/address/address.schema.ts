import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { personalData } from '../../db/personal-data.js';

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    /** Whose the address is; for a company's, the member who added it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the address belongs to, shared by its members by role (docs/decisions/0068); null for a user's own. */
    companyId: integer('company_id').references(() => companies.id),
    recipient: text('recipient').notNull(),
    mobile: text('mobile').notNull(),
    regionCodes: jsonb('region_codes').$type<string[]>().notNull(),
    regionNames: jsonb('region_names').$type<string[]>().notNull(),
    street: text('street').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    index('addresses_company_idx').on(t.companyId),
    // At most one default address per user (a company's addresses are never a default).
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const addressesPersonalData = personalData(addresses, {
  columns: [addresses.userId, addresses.recipient, addresses.mobile],
  treatment: 'erased',
  reason: 'The address book goes with the account; the addresses added to a company stay with the company.',
});

import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DatabaseCode, PlanKind } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';

/** What is for sale: membership plans and database subscriptions (the plan desk edits them). */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: enumValues(PlanKind) }).notNull(),
  name: text('name').notNull(),
  priceFen: integer('price_fen').notNull(),
  days: integer('days').notNull(),
  databaseCode: text('database_code', { enum: enumValues(DatabaseCode) }),
  seats: integer('seats'),
  description: text('description').notNull().default(''),
  onSale: boolean('on_sale').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FavoriteTargetType } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: enumValues(FavoriteTargetType) }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_unique_idx').on(t.userId, t.targetType, t.targetId)],
);

export const favoritesPersonalData = personalData(favorites, {
  columns: [favorites.userId],
  treatment: 'erased',
  reason: 'Favorites go with the account.',
});

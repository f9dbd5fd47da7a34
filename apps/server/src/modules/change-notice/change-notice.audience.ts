import type { ChangeNoticeReasonName } from '@fuliaotong/contracts';

/*
 * Who a change notice reaches (docs/decisions/0072-change-notices.md). The change-notice module declares
 * these ports; the modules that hold the ties implement them and hand them over in their manifests'
 * `provide`: sample applications (sampled), price requests (quoted), sales orders (bought), favorites
 * (the product's watchers) and document requests (holders of an approved 授权使用书).
 */

/** A person tied to a product, the company the tie was made for (null: personally), and the tie. */
export interface ProductTie {
  userId: number;
  companyId: number | null;
  reason: ChangeNoticeReasonName;
}

/** "Who has a tie to product X": one module's answer. */
export interface ProductAudience {
  tiesTo(excipientId: number): Promise<ProductTie[]>;
}

/** The company members who hold an approved 授权使用书 for the product (reason `document_holder`). */
export type DocumentHolders = ProductAudience;

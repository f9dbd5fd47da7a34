import type { SiteProfile } from '@fuliaotong/contracts';

/** The MIIT registry, where an ICP 备案号 must lead. */
export const ICP_REGISTRY = 'https://beian.miit.gov.cn/';

/** © year company · the ICP 备案号 (linked to the registry), then the licence lines, one each. */
export function CompanyLines({ site, className }: { site: SiteProfile; className?: string }) {
  return (
    <div className={className}>
      <p>
        © {new Date().getFullYear()} {site.company}
        {site.icp ? (
          <>
            {' · '}
            <a href={ICP_REGISTRY} target="_blank" rel="noopener noreferrer">
              {site.icp}
            </a>
          </>
        ) : null}
      </p>
      {site.licences.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** A phone number as a tel: link (digits and + only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

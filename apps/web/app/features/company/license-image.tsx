import { errorMessage } from '@fuliaotong/client';
import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { fetchAdminCompanyLicense, fetchCompanyLicense } from './company-api';
import './company.css';

/**
 * The business licence (营业执照), fetched with the session's token and shown in place: the member's
 * own company's, or any company's for the desk (`desk`). `version` changes after an upload, so that the
 * new image is fetched.
 */
export function LicenseImage({ companyId, desk = false, alt, version = 0 }: { companyId: number; desk?: boolean; alt: string; version?: number }) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | undefined;
    let current = true;
    setFailed(false);
    (desk ? fetchAdminCompanyLicense(companyId) : fetchCompanyLicense(companyId)).then(
      (blob) => {
        if (current) setUrl((objectUrl = URL.createObjectURL(blob)));
      },
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        toast.error(errorMessage(error, '营业执照加载失败'));
      },
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [companyId, desk, version]);
  if (failed) return <span className="muted">营业执照加载失败</span>;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="company-license">
      <img className="company-license__image" src={url} alt={alt} />
    </a>
  ) : (
    <span className="muted">加载中…</span>
  );
}

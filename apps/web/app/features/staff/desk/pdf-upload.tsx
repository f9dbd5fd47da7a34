import { errorMessage } from '@fuliaotong/client';
import { Button, Upload } from 'antd';
import type { ReactNode } from 'react';
import { toast } from '../../../components/toast';

/** What uploading a file takes: the feature's upload hook (its `mutateAsync` and whether it is busy). */
interface FileUpload {
  mutateAsync(file: File): Promise<unknown>;
  isPending: boolean;
}

/** A desk's button that uploads one PDF with the feature's upload hook and says how it went. */
export function PdfUploadButton({ upload, success, className, children }: { upload: FileUpload; success: string; className?: string; children: ReactNode }) {
  return (
    <Upload
      accept="application/pdf"
      showUploadList={false}
      customRequest={({ file }) => {
        void upload
          .mutateAsync(file as File)
          .then(() => toast.success(success))
          .catch((error: unknown) => toast.error(errorMessage(error, '上传失败')));
      }}
    >
      <Button className={className} loading={upload.isPending}>
        {children}
      </Button>
    </Upload>
  );
}

import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import type { User } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { Upload } from 'antd';
import { useUploadAvatar } from './account-api';
import { avatarAccept, avatarProblem } from './avatar-rules';
import { UserAvatar } from './user-display';
import './account.css';
import { toast } from '../../components/toast';

/** The avatar, which opens the file picker: the chosen image is checked here and uploaded. */
export function AvatarUpload({ user }: { user: User }) {
  const mutation = useUploadAvatar();

  return (
    <Upload
      accept={avatarAccept}
      showUploadList={false}
      maxCount={1}
      disabled={mutation.isPending}
      beforeUpload={(file) => {
        const problem = avatarProblem(file);
        if (problem) {
          toast.error(problem);
          return Upload.LIST_IGNORE;
        }
        mutation.mutate(file, {
          onSuccess: () => toast.success('头像已更新'),
          onError: (error) => toast.error(errorMessage(error, '头像上传失败，请稍后重试')),
        });
        return false;
      }}
    >
      <button type="button" className="avatar-upload" aria-label="更换头像" title="更换头像（PNG/JPG/WebP，不超过 2 MB）">
        <UserAvatar user={user} size={80} />
        <span className="avatar-upload__overlay" aria-hidden>
          {mutation.isPending ? <LoadingOutlined aria-hidden /> : <CameraOutlined aria-hidden />}
        </span>
      </button>
    </Upload>
  );
}

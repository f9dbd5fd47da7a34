import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import type { User } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useRef } from 'react';
import { useUploadAvatar } from './account-api';
import { avatarAccept, avatarProblem } from './avatar-rules';
import { UserAvatar } from './user-display';
import './account.css';
import { toast } from '../../components/toast';

/** The avatar, which opens the file picker: the chosen image is checked here and uploaded. */
export function AvatarUpload({ user }: { user: User }) {
  const mutation = useUploadAvatar();
  const picker = useRef<HTMLInputElement>(null);

  const upload = (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    mutation.mutate(file, {
      onSuccess: () => toast.success('头像已更新'),
      onError: (error) => toast.error(errorMessage(error, '头像上传失败，请稍后重试')),
    });
  };

  return (
    <>
      <button
        type="button"
        className="avatar-upload"
        aria-label="更换头像"
        title="更换头像（PNG/JPG/WebP，不超过 2 MB）"
        disabled={mutation.isPending}
        onClick={() => picker.current?.click()}
      >
        <UserAvatar user={user} size={80} />
        <span className="avatar-upload__overlay" aria-hidden>
          {mutation.isPending ? <LoadingOutlined aria-hidden /> : <CameraOutlined aria-hidden />}
        </span>
      </button>
      <input
        ref={picker}
        type="file"
        accept={avatarAccept}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after an error) is a change too.
          event.target.value = '';
          if (file) upload(file);
        }}
      />
    </>
  );
}

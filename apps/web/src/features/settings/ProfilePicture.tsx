import { useEffect, useState } from 'react';
import { Avatar, Button, Flex, Typography, Upload, theme, type UploadProps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { CloudUploadOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, type Profile } from '@drat/contracts';
import { useSession } from '../../app/session';
import { useUploadProfilePicture } from './queries';

const ACCEPTED: readonly string[] = PROFILE_PICTURE_TYPES;
const MAX_MB = Math.round((PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)) * 10) / 10;

/** Avatar with a two-step change: choose a png, jpeg or gif (checked here), then upload it. */
export function ProfilePicture({ profile }: { profile: Profile }) {
  const { token } = theme.useToken();
  const { message } = useApp();
  const session = useSession();
  const upload = useUploadProfilePicture();
  /** The chosen file and its preview URL, until it is uploaded or dropped. */
  const [selected, setSelected] = useState<{ file: File; url: string } | null>(null);

  // The preview URL is released when the selection changes or the screen closes.
  useEffect(() => {
    if (!selected) return;
    return () => URL.revokeObjectURL(selected.url);
  }, [selected]);

  const choose: UploadProps['beforeUpload'] = (file) => {
    if (!ACCEPTED.includes(file.type)) {
      message.error(MSG.pictureBadType);
      return Upload.LIST_IGNORE;
    }
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      message.error(MSG.pictureTooLarge);
      return Upload.LIST_IGNORE;
    }
    setSelected({ file, url: URL.createObjectURL(file) });
    message.success(MSG.pictureSelected);
    return false; // kept here until the user presses Upload
  };

  const send = () => {
    if (!selected) return;
    upload.mutate(selected.file, { onSuccess: () => setSelected(null) });
  };

  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.username;
  const src = selected?.url ?? profile.profile_pic ?? session?.image ?? undefined;

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex gap={token.marginMD} align="center">
        <Avatar
          size={72}
          src={src}
          alt="Profile picture"
          icon={<UserOutlined />}
          style={{
            flex: 'none',
            background: src ? token.colorBgContainer : token.colorPrimaryBg,
            color: token.colorPrimary,
            border: `2px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
          }}
        />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block', fontSize: token.fontSizeLG }} ellipsis>
            {fullName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
            {selected ? `Selected: ${selected.file.name}` : `PNG, JPEG or GIF, up to ${MAX_MB} MB`}
          </Typography.Text>
        </div>
      </Flex>
      <Flex gap={token.marginXS} wrap>
        {selected ? (
          <>
            <Button type="primary" icon={<CloudUploadOutlined />} loading={upload.isPending} onClick={send}>
              Upload picture
            </Button>
            <Button disabled={upload.isPending} onClick={() => setSelected(null)}>
              Cancel
            </Button>
          </>
        ) : (
          <Upload accept={PROFILE_PICTURE_TYPES.join(',')} showUploadList={false} maxCount={1} beforeUpload={choose}>
            <Button icon={<PictureOutlined />}>Change picture</Button>
          </Upload>
        )}
      </Flex>
    </Flex>
  );
}

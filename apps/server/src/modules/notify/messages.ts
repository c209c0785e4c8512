import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'notify.notYou': '只能以自己的账号发送未读提醒',
    'notify.noUser': '账号 {account} 不存在',
    'notify.notYourPeer': '不能给该用户发送未读提醒',
    'notify.tag.image': '[图片]',
    'notify.tag.voice': '[语音]',
    'notify.tag.file': '[文件]',
    'notify.tag.emoji': '[表情]',
    'notify.tag.video': '[视频]',
    'notify.tag.location': '[位置]',
  },
  {
    'notify.notYou': 'Unread pushes can only be sent as yourself',
    'notify.noUser': 'Account {account} does not exist',
    'notify.notYourPeer': 'You cannot send unread pushes to this user',
    'notify.tag.image': '[image]',
    'notify.tag.voice': '[voice]',
    'notify.tag.file': '[file]',
    'notify.tag.emoji': '[emoji]',
    'notify.tag.video': '[video]',
    'notify.tag.location': '[location]',
  },
);

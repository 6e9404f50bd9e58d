import type { Messages } from '../../en/index.js';

export const app: Messages['host']['app'] = {
  profiles: {
    gone: '该配置已不存在。',
    sandboxNotEditable: '离线沙盒配置无法编辑。',
    sandboxNotRemovable: '离线沙盒配置无法删除。',
    sandboxBuiltInKey: '离线沙盒使用内置密钥。',
    plaintextConsent: '此系统不提供加密的密钥存储，密钥将以未加密形式保存。请先在设置中允许此操作，再保存密钥。',
    noKeyYet: '配置“{{name}}”还没有 API 密钥。请在设置中添加。',
    connectedNoBalance: '已连接，但账户余额已用完：请先充值再生成。',
    connected: '已连接：密钥有效。',
  },
  settings: {
    fullFolderPath: '请为作品库选择完整的文件夹路径。',
    folderUnusable: '无法使用该文件夹：{{reason}}。',
    itemGone: '该作品已不在作品库中。',
    revealDesktopOnly: '只有桌面版应用才能在文件夹中显示文件。',
  },
  calls: {
    unknown: "未知的调用 '{{method}}'。",
    invalidInput: '输入无效。',
    failedInputKept: '工作室出现问题。你的输入已保留，请重试。',
    failed: '工作室出现问题，请重试。',
    notFromWindow: '此请求并非来自工作室窗口，已被拒绝。',
    notJson: '请求不是有效的 JSON。',
    unexpectedProblem: '工作室遇到意外问题，请重试。',
    fileTooLarge: '该文件超过 20 MB。',
    hostNotAnswering: '工作室主程序没有响应。请确认工作室仍在其终端中运行，然后重试。',
    signedOut: '此标签页已不再登录工作室。请打开运行工作室的终端中显示的链接。',
    hostUnexpected: '工作室主程序返回了意外的响应（HTTP {{status}}）。请重试。',
    lostContact: '工作室与主程序失去了联系，请重试。',
  },
};

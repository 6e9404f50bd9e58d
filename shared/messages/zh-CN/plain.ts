import type { Catalog } from '../en/index.js';

const resend = '无法按网关要求的格式发送此对话。请重试，或新建一个对话。';
const notText = '某条消息里有文字和图片以外的内容。请删除后重试。';
const nothing = '还没有可发送的内容。请先输入消息。';
const notExpected = '网关的响应不是工作室预期的内容。请确认设置中的地址指向 Unified AI Generation Gateway，然后重试。';

export const plain: Catalog['plain'] = {
  rules: {
    param: {
      number: '{{label}}：请选择 {{min}} 到 {{max}} 之间的数字。',
      intAtLeast: '{{label}}：请选择不小于 {{min}} 的整数。',
      intRange: '{{label}}：请选择 {{min}} 到 {{max}} 之间的整数。',
      oneOf: '{{label}}：请从以下选项中选择{{forModel}}：{{values}}。',
      oneOfForModel: '{{label}}：{{model}} 请从以下选项中选择：{{values}}。',
      forModel: '（{{model}}）',
      required: '{{label}}：请填写此项。',
      notEmpty: '{{label}}：请填写此项。',
      maxChars: '{{label}}：请缩短到最多 {{max}} 个字符。',
      boolean: '{{label}}：请选择开启或关闭。',
      urlString: '{{label}}：请输入网址。',
      publicUrl: '{{label}}：请输入以 http:// 或 https:// 开头的公开网址。',
      itemsStrings: '{{label}}：请使用网页链接或已添加的图片。',
      itemsImages: '{{label}}：请使用公开的网页链接（http:// 或 https://）或已添加的图片。',
      notAccepted: '这里有一项设置不被接受。请删除后重试。',
      notAParameter: '{{model}} 不支持其中一项设置。请删除该设置，或换一个模型。',
      invalid: '{{label}}：此值不被允许。请修改后重试。',
    },
    request: {
      contentString: '此对话中有一条消息不是纯文本。请修改后重试。',
      messagesArray: resend,
      messagesMin: nothing,
      stop: '停止序列：最多使用 {{max}} 段文字。',
      text: '某条消息的一部分不是纯文本。请修改后重试。',
      contentParts: notText,
      contentStringOrParts: notText,
      inputItem: '此对话中有网关无法读取的内容。请删除最后一轮后重试，或新建一个对话。',
      parametersType: '函数工具的参数必须描述一个对象。请在对话设置中检查它的 Schema。',
      parametersProperties: '函数工具的参数需要属性列表。请在对话设置中检查它的 Schema。',
      parametersRequired: '函数工具的必填参数必须是名称列表。请在对话设置中检查它的 Schema。',
      functionName: '函数名须为 1 到 64 个字母、数字、_ 或 -。请重命名该函数。',
      functionDescription: '函数工具的描述必须是文字。请在对话设置中检查。',
      mcpToken: 'MCP 服务器的访问令牌必须是文字。请在对话设置中重新输入。',
      toolsType: '此对话中有一个网关不认识的工具。请在对话设置中删除它。',
      input: nothing,
      mimeType: '某张附加图片的文件类型网关无法读取。请以 PNG 或 JPEG 重新添加。',
      base64: '某张附加图片无法读取。请重新添加。',
      partsItems: notText,
      partsEmpty: '有一条消息是空的。请输入内容，或删除它。',
      contentsArray: resend,
      contentsEmpty: nothing,
      systemParts: '系统提示必须是文字。请在对话设置中检查。',
      systemInstruction: '无法发送系统提示。请在对话设置中检查。',
      stopSequences: '停止序列必须是文字。请在对话设置中检查。',
      imageUrlsArray: '参考图：请使用网页链接或已添加的图片。',
      imageUrlsMax: '参考图：最多 {{max}} 张{{forModel}}。请删除一些后重试。',
    },
  },
  gateway: {
    failure: {
      refused: '网关不接受{{label}}的值。请修改后重试。',
      serverError: '网关出现问题，通常是暂时的。请稍后重试。',
      unexpected: '网关返回了工作室预期之外的响应。请重试；如果一直出现，请检查设置中的网关地址。',
      unreadable: '无法读取网关的响应。请确认设置中的地址指向 Unified AI Generation Gateway，然后重试。',
      wrongShape: notExpected,
      noEnvelope: notExpected,
    },
    download: {
      failed: '下载失败，请重试。',
    },
    limits: {
      tooLarge: '网关发送的内容超出了工作室可接受的大小（{{megabytes}} MB），因此没有读取。',
    },
  },
  jobs: {
    task: {
      modelOneOf: '模型：请从以下选项中选择：{{models}}。',
    },
  },
  app: {
    calls: {
      unknown: '工作室无法完成此操作。请重新加载窗口后重试。',
      invalidInput: '表单中有内容不正确。请检查后重试。',
      notJson: '工作室无法读取此请求。请重新加载窗口后重试。',
      hostUnexpected: '工作室主程序返回了意外的响应。请重试。',
    },
  },
};

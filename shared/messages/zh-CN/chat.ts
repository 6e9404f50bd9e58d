import type { Catalog } from '../en/index.js';

export const chat: Catalog['chat'] = {
  reply: {
    closedWhileStreaming: '回复生成过程中工作室被关闭。',
    failedOnGateway: '网关生成回复失败。',
    noText: '网关的响应中没有任何文字。',
    stoppedEarly: '网关尚未表示完成，回复就中断了。',
    textKept: '{{message}}已生成的文字会保留。',
    partUnreadable: '这条回复有一部分无法读取：网关发来的内容有些不是有效的 JSON（缺失 {{pieces}} 段），文字可能有缺漏。可点“重新生成”再问一次。',
    receiveFailed: '工作室接收回复时出错，请重试。',
    stalled: '网关停止发送回复（已有 {{seconds}} 秒未收到任何内容）。',
    noAlternative: '该候选回复不存在。',
    gone: '该回复已不在此对话中。',
    stillWriting: '此对话中仍有回复正在生成。请等待其完成，或点击“停止”。',
    editedGone: '你编辑的消息已不在此对话中。',
    cannotContinue: '只有被截断或已停止的回复才能继续生成。',
  },
  conversation: {
    gone: '该对话已不存在。',
    damaged: '此对话的文件已损坏，无法打开；其他对话不受影响。',
  },
  images: {
    notInConversation: '该图片不属于此对话，请重新添加。',
    notMadeByStudio: '该图片引用并非由工作室生成。',
    cannotSend: '“{{name}}”不是工作室可以发送的图片。',
    missing: '图片“{{name}}”（{{file}}）已不在作品库文件夹中；请将其从该消息中移除，或重新添加。',
    notReadable: '无法读取的图片',
    wrongFormat: '“{{name}}”为 {{format}}；发送给模型的图片必须是 JPEG 或 PNG。',
    tooLarge: '“{{name}}”大小为 {{size}} MB；每张图片最大 10 MB。',
  },
  request: {
    mcpUrl: 'MCP 服务器地址必须是 http(s) URL。',
    nativeNoLinks: '原生 API 只接受添加的图片文件，不接受链接（{{url}}）。请将图片作为文件添加，或将 API 设为“自动”。',
    toolsNeedResponses: '工具只能通过 responses API 使用：请将 API 设为“自动”，或关闭工具。',
  },
  tools: {
    unknownTool: '模型请求了 {{name}}，但此对话未提供该工具。',
    argumentsNotJson: '参数不是有效的 JSON。',
    argumentsNotObject: '参数不是 JSON 对象。',
    argumentMismatch: '{{path}}：{{problem}}',
    schemaUnusable: '无法用该工具的 schema 检查参数：{{problem}}',
    callGone: '该函数调用已不在此对话中。',
    alreadyAnswered: '该函数调用已经回答过了。',
    replyUnfinished: '这条回复没有完成，其中的函数调用无法回答：请重新生成。',
    movedOn: '此函数调用之后对话已继续，无法再回答它。',
    roundLimit: '自你上一条消息以来，模型已连续 {{rounds}} 次请求工具，超过了此对话允许的次数（{{limit}}）。发送一条消息以继续，或在设置中提高上限。',
  },
};

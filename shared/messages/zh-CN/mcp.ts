/** 作为 MCP 主机的工作室（docs/mcp.md）：服务器、启动与所运行的调用。 */
export const mcp = {
  server: {
    notFound: '该 MCP 服务器已不在工作室中。',
    needsCode: '要启动 MCP 服务器“{{name}}”，请输入工作室运行所在终端中打印的代码。',
    codeWrong: '这不是终端中为该服务器打印的代码。请检查后重试。',
    codeExpired: '该代码已过期。终端中已打印新的代码。',
    tooManyTries: '错误代码次数过多。请等待几分钟，然后再次启动服务器以获取新代码。',
    declined: 'MCP 服务器未启动：其命令未获确认。',
    connectTimeout: 'MCP 服务器在 {{seconds}} 秒内没有应答。',
    connectFailed: '无法连接到 MCP 服务器：{{reason}}',
    exited: 'MCP 服务器已停止：{{reason}}',
    refusedToken: 'MCP 服务器拒绝了令牌（HTTP {{status}}）。',
    tooMany: '工作室最多容纳 {{max}} 个 MCP 服务器。',
  },
  call: {
    notMcp: '该调用不属于您的 MCP 服务器的工具：请手动回答。',
    serverGone: '该工具所属的 MCP 服务器已不在工作室中。',
    notConnected: 'MCP 服务器“{{name}}”未连接。请在设置中启动它，然后再次运行该调用。',
    toolGone: 'MCP 服务器“{{server}}”已不再列出工具 {{tool}}。',
    running: '该调用正在运行。',
    timeout: '工具未在 {{seconds}} 秒内完成，已被停止。',
    stopped: '工具在完成前被停止。',
    tooLarge: '工具的回答超过 {{limit}}，超出工作室可传递的大小。请输入较短的结果，或拒绝。',
    failed: '无法运行该工具：{{reason}}',
    argumentsInvalid: '参数与工具不符，因此未运行。请手动回答或拒绝。',
    unusable: '“{{server}}”的工具 {{tool}} 未提供给模型：{{reason}}',
  },
} as const;

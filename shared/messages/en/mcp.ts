/** The studio as an MCP host (docs/mcp.md): its servers, their start, and the calls it runs. */
export const mcp = {
  server: {
    notFound: 'That MCP server is no longer in the studio.',
    needsCode: 'To start the MCP server "{{name}}", enter the code printed in the terminal where the studio runs.',
    codeWrong: 'That is not the code printed in the terminal for this server. Check it and try again.',
    codeExpired: 'That code has expired. A new one is printed in the terminal where the studio runs.',
    tooManyTries: 'Too many wrong codes. Wait a few minutes, then start the server again for a new code.',
    declined: 'The MCP server was not started: its command was not confirmed.',
    connectTimeout: 'The MCP server did not answer within {{seconds}} seconds.',
    connectFailed: 'Could not connect to the MCP server: {{reason}}',
    exited: 'The MCP server stopped: {{reason}}',
    refusedToken: 'The MCP server refused the token (HTTP {{status}}).',
    tooMany: 'The studio holds at most {{max}} MCP servers.',
  },
  call: {
    notMcp: 'That call is not for a tool of one of your MCP servers: answer it by hand.',
    serverGone: 'The MCP server of this tool is no longer in the studio.',
    notConnected: 'The MCP server "{{name}}" is not connected. Start it in Settings, then run the call again.',
    toolGone: 'The MCP server "{{server}}" no longer lists the tool {{tool}}.',
    running: 'That call is already running.',
    timeout: 'The tool did not finish within {{seconds}} seconds, so it was stopped.',
    stopped: 'The tool was stopped before it finished.',
    tooLarge: 'The tool answered with more than {{limit}}, more than the studio passes on. Type a shorter result, or decline.',
    failed: 'The tool could not be run: {{reason}}',
    argumentsInvalid: 'The arguments do not fit the tool, so it was not run. Answer by hand or decline.',
    unusable: 'The tool {{tool}} of "{{server}}" is not offered: {{reason}}',
  },
} as const;

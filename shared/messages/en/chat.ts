/** The Chat tab's host messages (electron/core/chat): conversations, replies and their images. */
export const chat = {
  reply: {
    closedWhileStreaming: 'The studio closed while this reply was streaming.',
    failedOnGateway: 'The reply failed on the gateway.',
    noText: 'The gateway answered without any text.',
    stoppedEarly: 'The reply stopped before the gateway said it was finished.',
    textKept: '{{message}} The text so far is kept.',
    partUnreadable: 'Part of this answer could not be read: the gateway sent pieces that were not valid JSON (missing: {{pieces}}), so the text may have gaps. Regenerate to ask again.',
    receiveFailed: 'Something went wrong in the studio while receiving the reply; please try again.',
    stalled: 'The gateway stopped sending the reply (nothing arrived for {{seconds}} s).',
    noAlternative: 'That alternative does not exist.',
    gone: 'That reply is no longer in the conversation.',
    stillWriting: 'A reply is still being written in this conversation. Wait for it to finish, or press Stop.',
    editedGone: 'The message you edited is no longer in the conversation.',
    cannotContinue: 'Only a reply that was cut off or stopped can be continued.',
  },
  conversation: {
    gone: 'That conversation is no longer here.',
    damaged: "This conversation's file is damaged and cannot be opened; your other conversations are not affected.",
  },
  images: {
    notInConversation: 'That image is not part of this conversation; attach it again.',
    notMadeByStudio: 'That image reference is not one the studio made.',
    cannotSend: '"{{name}}" is not an image the studio can send.',
    missing: 'The image "{{name}}" ({{file}}) is no longer in the library folder; remove it from that message or attach it again.',
    notReadable: 'not a readable image',
    wrongFormat: '"{{name}}" is {{format}}; images sent to the model must be JPEG or PNG.',
    tooLarge: '"{{name}}" is {{size}} MB; each image may be at most 10 MB.',
  },
  request: {
    mcpUrl: 'The MCP server address must be an http(s) URL.',
    nativeNoLinks: 'The native API takes attached images only, not links ({{url}}). Attach the picture as a file, or choose the responses API.',
    toolsNeedResponses: 'Tools work through the responses API only: choose it (with a model it takes) in the conversation settings, or turn the tools off.',
    chatNoImages: 'The chat completions API takes text only: choose the responses or native API in the conversation settings to send images.',
    apiModel: 'The {{api}} API does not take {{model}}: choose another API or model in the conversation settings.',
  },
  /** What is wrong with a function call's arguments, checked against the tool's schema. */
  tools: {
    unknownTool: 'The model asked for {{name}}, which this conversation does not offer.',
    argumentsNotJson: 'The arguments are not valid JSON.',
    argumentsNotObject: 'The arguments are not a JSON object.',
    argumentsTooLarge: 'The model sent {{chars}} characters of arguments, more than the {{limit}} a call may hold: they were not kept, and the call cannot run. Decline it, or ask again for something smaller.',
    argumentMismatch: '{{path}}: {{problem}}',
    schemaUnusable: "The tool's schema could not be used to check the arguments: {{problem}}",
    /** Answering a call by hand (`chat.answerToolCall`). */
    callGone: 'That function call is no longer in the conversation.',
    alreadyAnswered: 'That function call has already been answered.',
    replyUnfinished: 'This reply did not finish, so its function calls cannot be answered: regenerate it instead.',
    movedOn: 'The conversation has gone on since this function call, so it can no longer be answered.',
    roundLimit: 'The model asked for tools {{rounds}} times in a row since your last message, more than this conversation allows ({{limit}}). Send a message to go on, or raise the limit in the settings.',
  },
} as const;

/**
 * Words for creators (docs/house-rules.md, "Languages"; shared/messages/plain.ts): what a creator
 * reads first for a message whose own text is written for developers (a wire name, a JSON type,
 * an HTTP status). Each sits at the path of the message it stands for: `plain.rules.param.intRange`
 * is read in place of `rules.param.intRange`, whose own text stays behind "Details", in logs and
 * in the sandbox gateway's answers.
 *
 * A plain text may use its message's placeholders and `{{label}}`: the field's name as the forms
 * show it (`rules.field`), found from the parameter at fault. It says what to do, in plain words.
 */
import type { app } from './app.js';
import type { gateway } from './gateway.js';
import type { jobs } from './jobs.js';
import type { rules } from './rules.js';

type Plain<T> = { readonly [K in keyof T]?: T[K] extends string ? string : Plain<T[K]> };
/** Every request rule has its plain words; elsewhere only what a creator would stumble on. */
interface EveryRule {
  readonly rules: { readonly param: Record<keyof typeof rules.param, string>; readonly request: Record<keyof typeof rules.request, string> };
}

const resend = 'The conversation could not be sent in the form the gateway expects. Try again, or start a new conversation.';
const notText = 'A message holds something other than text and images. Remove it and try again.';
const nothing = 'There is nothing to send yet. Type a message first.';

export const plain = {
  rules: {
    param: {
      number: '{{label}}: choose a number from {{min}} to {{max}}.',
      intAtLeast: '{{label}}: choose a whole number of at least {{min}}.',
      intRange: '{{label}}: choose a whole number from {{min}} to {{max}}.',
      oneOf: '{{label}}: choose one of {{values}}{{forModel}}.',
      oneOfForModel: '{{label}}: choose one of {{values}} for {{model}}.',
      forModel: ' for {{model}}',
      required: '{{label}}: fill this in.',
      notEmpty: '{{label}}: fill this in.',
      maxChars: '{{label}}: shorten it to at most {{max}} characters.',
      boolean: '{{label}}: switch it on or off.',
      urlString: '{{label}}: enter a web address.',
      publicUrl: '{{label}}: enter a public web address that starts with http:// or https://.',
      itemsStrings: '{{label}}: use web links or attached images.',
      itemsImages: '{{label}}: use public web links (http:// or https://) or attached images.',
      notAccepted: 'A setting here is not accepted. Remove it and try again.',
      notAParameter: '{{model}} does not take one of these settings. Remove it, or choose another model.',
      invalid: '{{label}}: this value is not allowed. Change it and try again.',
    },
    request: {
      contentString: 'A message in this conversation is not plain text. Edit it and try again.',
      messagesArray: resend,
      messagesMin: nothing,
      stop: 'Stop sequences: use at most {{max}} pieces of text.',
      text: 'A part of a message is not plain text. Edit it and try again.',
      contentParts: notText,
      contentStringOrParts: notText,
      inputItem: 'The conversation holds an entry the gateway cannot read. Remove the last turn and try again, or start a new conversation.',
      parametersType: "A function tool's parameters must describe an object. Check its schema in the conversation's settings.",
      parametersProperties: "A function tool's parameters need a list of properties. Check its schema in the conversation's settings.",
      parametersRequired: "A function tool's required parameters must be a list of names. Check its schema in the conversation's settings.",
      functionName: 'A function name is 1 to 64 letters, digits, _ or -. Rename the function.',
      functionDescription: "A function tool's description must be text. Check it in the conversation's settings.",
      mcpToken: "The MCP server's access token must be text. Enter it again in the conversation's settings.",
      toolsType: "A tool in this conversation is of a kind the gateway does not know. Remove it in the conversation's settings.",
      input: nothing,
      mimeType: 'An attached image has a file type the gateway cannot read. Attach it again as PNG or JPEG.',
      base64: 'An attached image could not be read. Attach it again.',
      partsItems: notText,
      partsEmpty: 'A message is empty. Type something in it, or remove it.',
      contentsArray: resend,
      contentsEmpty: nothing,
      systemParts: "The system prompt must be text. Check it in the conversation's settings.",
      systemInstruction: "The system prompt could not be sent. Check it in the conversation's settings.",
      stopSequences: "Stop sequences must be pieces of text. Check them in the conversation's settings.",
      imageUrlsArray: 'Reference images: use web links or attached images.',
      imageUrlsMax: 'Reference images: use at most {{max}}{{forModel}}. Remove some and try again.',
    },
  },
  gateway: {
    failure: {
      refused: 'The gateway did not accept the value of {{label}}. Change it and try again.',
      serverError: 'The gateway had a problem; this is usually temporary. Try again in a moment.',
      unexpected: 'The gateway gave an answer the studio did not expect. Try again; if it keeps happening, check the gateway address in Settings.',
      unreadable: "The gateway's answer could not be read. Check that the address in Settings is a Unified AI Generation Gateway, then try again.",
      wrongShape: "The gateway's answer was not what the studio expects. Check that the address in Settings is a Unified AI Generation Gateway, then try again.",
      noEnvelope: "The gateway's answer was not what the studio expects. Check that the address in Settings is a Unified AI Generation Gateway, then try again.",
    },
    download: {
      failed: 'The download failed. Try again.',
    },
    limits: {
      tooLarge: 'The gateway sent more than the studio accepts ({{megabytes}} MB), so it was not read.',
    },
  },
  jobs: {
    task: {
      modelOneOf: 'Model: choose one of {{models}}.',
    },
  },
  app: {
    calls: {
      unknown: 'The studio could not do that. Reload the window and try again.',
      invalidInput: 'Something in the form is not right. Check it and try again.',
      notJson: 'The studio could not read that request. Reload the window and try again.',
      hostUnexpected: 'The studio host gave an unexpected answer. Try again.',
    },
  },
} as const satisfies Plain<{ rules: typeof rules; gateway: typeof gateway; jobs: typeof jobs; app: typeof app }> & EveryRule;

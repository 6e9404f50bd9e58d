/** Settings, profiles and the studio itself: the host core, both shells and the renderer's transport. */
export const app = {
  profiles: {
    gone: 'That profile no longer exists.',
    sandboxNotEditable: 'The offline sandbox profile cannot be edited.',
    sandboxNotRemovable: 'The offline sandbox profile cannot be removed.',
    sandboxBuiltInKey: 'The offline sandbox uses a built-in key.',
    plaintextConsent: 'This system offers no encrypted key storage, so the key would be stored unencrypted. Allow that in Settings to save it.',
    noKeyYet: 'The profile "{{name}}" has no API key yet. Add one in Settings.',
    connectedNoBalance: 'Connected, but the account has no balance left: top up before generating.',
    connected: 'Connected: the key works.',
  },
  settings: {
    fullFolderPath: 'Choose a full folder path for the library.',
    folderUnusable: 'That folder cannot be used: {{reason}}.',
    itemGone: 'That item is no longer in the library.',
    revealDesktopOnly: 'Showing files in their folder works in the desktop app only.',
  },
  calls: {
    unknown: "Unknown call '{{method}}'.",
    invalidInput: 'Invalid input.',
    failedInputKept: 'Something went wrong in the studio. Your input is kept; please try again.',
    failed: 'Something went wrong in the studio. Please try again.',
    notFromWindow: 'This request did not come from the studio window and was refused.',
    notJson: 'The request was not valid JSON.',
    unexpectedProblem: 'The studio hit an unexpected problem. Try again.',
    fileTooLarge: 'That file is larger than 20 MB.',
    hostNotAnswering: 'The studio host is not answering. Check that the studio is still running in its terminal, then try again.',
    signedOut: 'This tab is no longer signed in to the studio. Open the link printed in the terminal where the studio runs.',
    hostUnexpected: 'The studio host gave an unexpected answer (HTTP {{status}}). Try again.',
    lostContact: 'The studio lost contact with its host. Try again.',
  },
} as const;

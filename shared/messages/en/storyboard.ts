/** Storyboards (host/storyboard, docs/storyboards.md): refusals before anything is queued, and what a stage says when it stops. */
export const storyboard = {
  board: {
    gone: 'That storyboard is no longer there.',
    noShot: 'This storyboard has no such shot.',
    sameShot: 'Two shots of this storyboard have the same id.',
    nothingToRetry: 'Nothing of this shot has failed, so there is nothing to try again.',
  },
  shot: {
    refused: 'Shot {{shot}} cannot be made: {{message}} Nothing was queued.',
    pictureGone: 'The picture chosen from the Gallery is no longer in the library.',
    notPicture: 'The item chosen as the picture is not a picture.',
    noLink: 'The gateway starts a video only from a public link to its picture, and this picture has none that is still valid (links last 24 hours). Generate the picture in the storyboard instead.',
    ratio: "The video model {{model}} does not make {{ratio}} videos: choose one of {{ratios}} for this shot.",
  },
  stage: {
    jobGone: 'Its job is no longer in the task list.',
    noItem: 'Its job ended without saving a file.',
    narrationUnknown: 'The studio stopped while this narration was being made: it may have been paid for. It is not made again by itself: retry the shot to make it again.',
  },
  film: {
    notReady: 'Shot {{shot}} has no video yet: run the board until every shot is done, then make the film.',
    narrationNotReady: 'The narration of shot {{shot}} is not made yet: run the board (or retry the shot) first.',
    empty: 'This storyboard has no shots to join.',
    busy: 'The film of this storyboard is being made already.',
    fileGone: 'A file of shot {{shot}} is no longer in the library: redo that shot, then make the film.',
    failed: 'The film could not be made: {{detail}}',
    noFfmpeg: 'The film could not be made: this installation has no ffmpeg for this system.',
  },
} as const;

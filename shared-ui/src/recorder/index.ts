// @guestspot/shared-ui/recorder: the video/audio recorder (MINIVIEW answers and questions, the
// booking pitch). Apart from the root, and shared as a module of its own, so that only the pages
// that record load it (decision 079). Its test double: @guestspot/shared-ui/recorder/testing.
export {
  RECORDER_DEFAULTS,
  RECORDER_MESSAGES,
  Recorder,
  recordingErrorMessage,
  type RecorderProps,
  type RecorderState,
  type RecorderUploadOptions,
  type RecordingType,
  type SavedRecording,
} from './recorder';

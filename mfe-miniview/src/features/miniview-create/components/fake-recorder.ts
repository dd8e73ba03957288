// The recorder of shared-ui as its caller sees it, for jsdom (no camera, no MediaRecorder): its
// save button hands a recording already uploaded to onSaved. The recorder's own tests cover it.
import { createElement } from 'react';

export const FAKE_RECORDING = {
  uuid: '0b6a3c1e-1111-4c2b-8d3e-000000000001',
  url: '/api/v1/media/0b6a3c1e-1111-4c2b-8d3e-000000000001',
  type: 'video',
} as const;

/** The recorder of shared-ui, as its caller sees it: a saved recording handed to onSaved. */
export function fakeRecorderModule() {
  return {
    Recorder: ({
      onSaved,
      saveLabel,
    }: {
      onSaved: (recording: { uuid: string; url: string; type: 'video' | 'audio' }) => void;
      saveLabel: string;
    }) =>
      createElement(
        'button',
        {
          type: 'button',
          onClick: () => onSaved(FAKE_RECORDING),
        },
        saveLabel,
      ),
  };
}

import { forwardRef } from 'react';

export interface HiddenFileInputProps {
  testId: string;
  accept?: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
}

/** The hidden chooser behind every upload control. The selection is cleared each time: a refused file leaves nothing
 * chosen, and the same file can be chosen again (after a failed or interrupted upload). */
export const HiddenFileInput = forwardRef<HTMLInputElement, HiddenFileInputProps>(function HiddenFileInput({ testId, accept, multiple, onFiles }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      accept={accept}
      multiple={multiple}
      data-testid={testId}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
});

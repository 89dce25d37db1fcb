/** One keystroke, timed from its keydown: to the start of the frame that shows it (the animation-frame callback), and
 * to just after that frame was painted. */
export interface KeystrokeTiming {
  frame: number;
  painted: number;
}

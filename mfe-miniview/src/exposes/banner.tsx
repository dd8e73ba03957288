// Exposed as './banner' for the shell's MINIVIEW banner slot (the layout of the signed-in area).
export { MiniviewBanner } from '../features/banner/components/miniview-banner';

import { create } from 'zustand';

/**
 * What a page asks of the shell's frame (spec §2.2): a public guest or show page has no footer
 * (also at the /:slug address, which the shell cannot recognise by its path), and one whose
 * profile has remove_branding hides the header's logo and tagline. The page resets both on leave.
 */
interface PageChromeState {
  hideBranding: boolean;
  hideFooter: boolean;
  setPageChrome: (chrome: { hideBranding: boolean; hideFooter: boolean }) => void;
  resetPageChrome: () => void;
}

export const usePageChromeStore = create<PageChromeState>()((set) => ({
  hideBranding: false,
  hideFooter: false,
  setPageChrome: (chrome) => set(chrome),
  resetPageChrome: () => set({ hideBranding: false, hideFooter: false }),
}));

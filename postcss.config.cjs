// PostCSS for every CSS file the site, its remotes and Storybook build (postcss-loader finds this
// file by walking up from each CSS file). Only one job: the design system's breakpoint names
// (`@media (--gs-phone)`, shared-ui/src/tokens/breakpoints.css) become real media queries, so no
// CSS file writes its own width (decision 076).
const path = require('node:path');
const globalData = require('@csstools/postcss-global-data');
const customMedia = require('postcss-custom-media');

module.exports = {
  plugins: [
    globalData({ files: [path.join(__dirname, 'shared-ui/src/tokens/breakpoints.css')] }),
    customMedia({ preserve: false }),
  ],
};

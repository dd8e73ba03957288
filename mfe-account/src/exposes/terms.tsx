// Exposed as './terms' for the shell's terms modal: the same document as /terms-and-conditions.
export {
  TermsDocument,
  type TermsDocumentProps,
} from '../features/terms/components/terms-document';

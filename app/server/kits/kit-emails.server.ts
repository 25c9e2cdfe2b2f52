import { defineEmailTemplate } from "~/server/mail/outbox.server";
import {
  type KitNotice,
  kitNoticePayload,
  kitNoticeWords,
  renderKitNotice,
} from "~/server/mail/templates/kit-notices";

/** The outbox kinds of the kit's notices; none carries a value (templates/kit-notices.tsx). */
export const RESULT_READY = "kit_result_ready";
export const SAMPLE_REJECTED = "kit_sample_rejected";
export const RESULT_DELETION_WARNING = "kit_result_deletion_warning";

export const kitNoticeTemplates = [
  defineEmailTemplate<KitNotice>({
    kind: RESULT_READY,
    payload: kitNoticePayload,
    render: (message) => renderKitNotice(kitNoticeWords.resultReady, message),
  }),
  defineEmailTemplate<KitNotice>({
    kind: SAMPLE_REJECTED,
    payload: kitNoticePayload,
    render: (message) => renderKitNotice(kitNoticeWords.sampleRejected, message),
  }),
  defineEmailTemplate<KitNotice>({
    kind: RESULT_DELETION_WARNING,
    payload: kitNoticePayload,
    render: (message) => renderKitNotice(kitNoticeWords.deletionWarning, message),
  }),
];

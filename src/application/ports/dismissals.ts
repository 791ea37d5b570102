/** The notices a person can close for good. */
export type DismissibleNotice = "feedbackBanner";

/** Which notices the person closed, remembered on this device across visits and sign-outs. */
export abstract class Dismissals {
  abstract isDismissed(notice: DismissibleNotice): boolean;
  abstract dismiss(notice: DismissibleNotice): void;
}

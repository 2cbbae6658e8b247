// The refusals of the operator command's side of the use case (add, reset). The sign-in side answers
// with outcomes instead (./operators.ts), since a refused sign-in is an everyday answer, not an error.

export type OperatorRefusalCode = 'invalid_email' | 'email_taken' | 'weak_password';

/** An operator change that was refused and changed nothing; the message is meant for the operator. */
export class OperatorRefusal extends Error {
  constructor(readonly code: OperatorRefusalCode, message: string) {
    super(message);
    this.name = 'OperatorRefusal';
  }
}

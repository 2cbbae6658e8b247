import { Type, type Static } from 'typebox';

// Contract, "Ok" and "Error".
export const Ok = Type.Object({ ok: Type.Literal(true) }, { $id: 'Ok', title: 'Ok' });
export type Ok = Static<typeof Ok>;

export const ErrorBody = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.String({ description: 'Human-readable message.' }),
    code: Type.String({ description: 'Machine-readable error code.' }),
    hint: Type.String({ description: 'How to resolve the error.' }),
  },
  { $id: 'Error', title: 'Error', description: 'Body of every error response of the REST API.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

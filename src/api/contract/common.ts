import { z } from 'zod';
import { ErrorCode } from '../../domain/errors';

/**
 * Amounts on the wire are JSON numbers with at most 4 decimal places (docs/architecture.md §8 Money).
 * Services check the shop's numberDecimals; the domain turns them into Decimal with money.of().
 */
export const Money = z
  .number()
  .finite()
  .refine((n) => Number.isFinite(n) && Math.abs(n) < 1e12 && /^-?\d+(\.\d{1,4})?$/.test(String(n)), {
    message: 'amount must have at most 4 decimal places',
  });

/** A record id: the database's id columns are 32-bit integers, so a larger number names no record. */
export const Id = z.number().int().positive().max(2147483647);
export const IdLike = z.union([Id, z.string().regex(/^\d{1,10}$/).transform(Number).pipe(Id)]);
export const ShortText = z.string().max(140);
export const Phone = z.string().regex(/^\+?[0-9]{5,20}$/);
export const EpochMs = z.number().int().nonnegative();

export const ErrorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

/** Every answer of the consumer API: `{result, info}` (C§7); failures carry a catalogue code. */
export const envelope = <T extends z.ZodTypeAny>(info: T) =>
  z.object({ result: z.literal(true), info });

export const Failure = z.object({
  result: z.literal(false),
  info: z.string(),
  code: ErrorCodeSchema,
  /** The values the message was filled with (C§8): a client showing its own text fills the same ones. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  data: z.unknown().optional(),
});
export type Failure = z.infer<typeof Failure>;

export const Empty = z.object({}).strict();
export const Ok = z.literal('ok').or(z.string());

export const PageQuery = z.object({
  page: z.number().int().min(1).max(10000).default(1),
  pageLimit: z.number().int().min(1).max(100).default(20),
});

/** The request headers of C§7. */
export const HeaderNames = {
  token: 'token',
  abroadEnv: 'abroad-env',
  language: 'language',
  userAgentType: 'useragenttype',
  idempotencyKey: 'idempotency-key',
} as const;

export const API_BASE = '/new/consumer/';

/** Describes one call: its path under API_BASE, request and success payload (`info`). */
export interface CallDef<Req extends z.ZodTypeAny = z.ZodTypeAny, Res extends z.ZodTypeAny = z.ZodTypeAny> {
  path: string;
  auth: boolean;
  req: Req;
  res: Res;
}

export const defineCall = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  path: string,
  req: Req,
  res: Res,
  auth = true,
): CallDef<Req, Res> => ({ path, auth, req, res });

export type ReqOf<C> = C extends CallDef<infer R, z.ZodTypeAny> ? z.input<R> : never;
export type ResOf<C> = C extends CallDef<z.ZodTypeAny, infer R> ? z.infer<R> : never;

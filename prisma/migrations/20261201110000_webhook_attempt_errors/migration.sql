-- The webhook delivery log keeps only the class of a failure (src/webhooks/webhook-policy.ts, ATTEMPT_ERRORS),
-- never the network's own detail: "connect ECONNREFUSED 10.0.0.5:8080" next to "other side closed" told a player
-- which ports of an internal address were open. Attempts logged before are rewritten to their class, and their
-- durations rounded to 100 ms like new ones (DURATION_STEP_MS).

UPDATE "webhook_delivery_attempts"
   SET "error" = CASE
         WHEN "error" LIKE 'timeout%' THEN 'timeout'
         WHEN "error" LIKE 'cancelled%' THEN 'cancelled'
         WHEN "error" ~* '(ENOTFOUND|EAI_AGAIN|EAI_NONAME|getaddrinfo)' THEN 'dns'
         WHEN "error" ~* '(certificate|cert_|self.signed|altname|ssl|tls)' THEN 'tls'
         ELSE 'connection_failed'
       END
 WHERE "error" IS NOT NULL;

UPDATE "webhook_delivery_attempts" SET "duration_ms" = round("duration_ms" / 100.0) * 100;

ALTER TABLE "webhook_delivery_attempts"
  ADD CONSTRAINT "webhook_delivery_attempts_error_check" CHECK (
    "error" IN ('timeout', 'dns', 'refused_address', 'connection_failed', 'tls', 'cancelled'));

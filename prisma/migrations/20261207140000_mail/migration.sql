-- E-mail (docs/correspondence.md#e-mail): a player's verified address, the mail outbox, and the key that signs
-- the links mails carry (verification, unsubscribe).

-- A player's address: unverified until they follow the signed link mailed to it; a hard bounce stops mail to it.
CREATE TABLE "mail_addresses" (
  "player_id" UUID NOT NULL,
  "address" TEXT NOT NULL,
  "verified_at" TIMESTAMPTZ(3),
  -- When a mail to it bounced for good (the server refused the recipient): no more mail until it changes.
  "bounced_at" TIMESTAMPTZ(3),
  "changed_at" TIMESTAMPTZ(3) NOT NULL,
  -- When the last daily digest was queued for it.
  "digest_sent_at" TIMESTAMPTZ(3),

  CONSTRAINT "mail_addresses_pkey" PRIMARY KEY ("player_id"),
  CONSTRAINT "mail_addresses_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The mail outbox: the mails of player events, queued in the statement that writes the event
-- (src/mail/sql/mail-outbox.ts), and the service's own mails (verification, digest, notices). Sent by the mail
-- workers (src/mail/mail-worker.ts), each with a Message-ID of its own id, the same on every attempt.
CREATE TABLE "mail_outbox" (
  "id" BIGSERIAL NOT NULL,
  "player_id" UUID NOT NULL,
  -- A PlayerEventKind, or VERIFY, DIGEST, ADDRESS_CHANGED.
  "kind" TEXT NOT NULL,
  "event_id" BIGINT,
  "game_id" UUID,
  -- Where it goes when the mail is not to the player's current address (a verification, a notice to the old one).
  "to_address" TEXT,
  -- PENDING, SENT, FAILED (given up or bounced), SKIPPED (stale, capped or unsubscribed when due: never sent).
  "status" TEXT NOT NULL DEFAULT 'PENDING',
  "attempt_count" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "sent_at" TIMESTAMPTZ(3),
  "last_error" TEXT,

  CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('PENDING', 'SENT', 'FAILED', 'SKIPPED')),
  CONSTRAINT "mail_outbox_due_check" CHECK (("status" = 'PENDING') = ("next_attempt_at" IS NOT NULL)),
  CONSTRAINT "mail_outbox_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" ("next_attempt_at") WHERE "status" = 'PENDING';
CREATE INDEX "mail_outbox_player_id_kind_idx" ON "mail_outbox" ("player_id", "kind", "created_at");

-- The secret that signs the links in mails, made once by whichever copy needs it first.
CREATE TABLE "server_keys" (
  "name" TEXT NOT NULL,
  "secret" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "server_keys_pkey" PRIMARY KEY ("name")
);

-- The daily digest: at this minute of the player's day (null: off).
ALTER TABLE "notification_settings" ADD COLUMN "digest_minute" SMALLINT DEFAULT 480,
  ADD CONSTRAINT "notification_settings_digest_check" CHECK ("digest_minute" BETWEEN 0 AND 1439);

-- Vacation (docs/correspondence.md#vacation): a player away for whole days. While away, the deadlines of their
-- turns move by the time away (src/games/domain/vacation-clock.ts), and the sweeper neither reminds nor times
-- them out. Every vacation is kept: the allowance counts the days taken in the last 365.
CREATE TABLE "vacations" (
  "id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "starts_at" TIMESTAMPTZ(3) NOT NULL,
  -- The planned end: `days` whole days after the start.
  "ends_at" TIMESTAMPTZ(3) NOT NULL,
  "days" SMALLINT NOT NULL,
  -- When the player came back early; null while it runs, or when it ran to its end.
  "ended_at" TIMESTAMPTZ(3),

  CONSTRAINT "vacations_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "vacations_days_check" CHECK ("days" >= 1),
  CONSTRAINT "vacations_span_check" CHECK ("ends_at" > "starts_at"
                                          AND ("ended_at" IS NULL OR "ended_at" BETWEEN "starts_at" AND "ends_at")),
  CONSTRAINT "vacations_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "vacations_player_id_starts_at_idx" ON "vacations" ("player_id", "starts_at");

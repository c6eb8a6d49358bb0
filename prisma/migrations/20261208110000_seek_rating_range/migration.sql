-- A seek's rating range (docs/social.md#seeks-by-rating): the ratings, in the seek's preset, of the opponents its
-- creator accepts, fixed when the seek opened from the creator's rating then. Null on every other game.
ALTER TABLE "games" ADD COLUMN "seek_rating_min" INTEGER;
ALTER TABLE "games" ADD COLUMN "seek_rating_max" INTEGER;
ALTER TABLE "games" ADD CONSTRAINT "games_seek_rating_range"
  CHECK (("seek_rating_min" IS NULL) = ("seek_rating_max" IS NULL) AND "seek_rating_min" <= "seek_rating_max");

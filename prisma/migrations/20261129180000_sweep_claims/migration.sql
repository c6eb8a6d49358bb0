-- Issue 5 §1: a sweeper claims the games it is about to time out (FOR UPDATE SKIP LOCKED, then this mark), so
-- the sweepers of several app copies share the work instead of all trying every game. The command path's version
-- guard is what makes a timeout exactly-once; the claim only keeps the others from wasted attempts.
ALTER TABLE "games" ADD COLUMN "sweep_claimed_until" TIMESTAMPTZ(3);

CREATE TABLE "closed_days" (
	"date" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL
);

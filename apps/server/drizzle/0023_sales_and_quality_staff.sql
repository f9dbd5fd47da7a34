ALTER TYPE "staff_role" ADD VALUE 'sales';--> statement-breakpoint
ALTER TYPE "staff_role" ADD VALUE 'quality';
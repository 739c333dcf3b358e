"""What the deadline timer stores and reads: the games due (due), which worker fires them (claims) and the clock's
shared reference for undoing a step of the system clock (clock_steps)."""

//! Effects that fire on time (R36): bleeding on the bleeder's turn, at the end of each try and
//! each watch (R22); asphyxiation and fire at each round's end (R21, R25); hypothermia every 5 or
//! 10 trys of cold and warming (R26); exhaustion and fatigue with rest (R24, R28); malnourishment
//! by days (R27).

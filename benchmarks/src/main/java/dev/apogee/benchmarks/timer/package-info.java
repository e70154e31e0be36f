/** Timer-message load tool: scheduling rate, memory per pending timer, delivery lateness. */
package dev.apogee.benchmarks.timer;

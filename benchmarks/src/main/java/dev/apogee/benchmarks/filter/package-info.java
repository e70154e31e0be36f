/** Broker-side filtering load tool: SQL92 and TAG filtered reads against unfiltered ones, same run. */
package dev.apogee.benchmarks.filter;

/**
 * Settings shared by the adapter, its connection factories and its activation specs, with one precedence rule:
 * activation spec, then connection factory, then adapter, then built-in defaults. Immutable values, no threads.
 */
package dev.apogee.ra.settings;

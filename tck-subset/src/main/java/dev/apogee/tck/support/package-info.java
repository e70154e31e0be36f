/**
 * Test plumbing shared by every chapter: the environment holder and the test base class (resource tracking,
 * unique names, bounded receives). Used from JUnit's test threads only.
 */
package dev.apogee.tck.support;

/**
 * The message-selector engine shared by the broker (SQL92 subscriptions) and the JMS provider (message selectors):
 * the Jakarta Messaging 3.1 selector grammar (section 3.8.1.1) plus RocketMQ's {@code CONTAINS}, {@code STARTSWITH}
 * and {@code ENDSWITH}.
 *
 * <p>{@link dev.apogee.remoting.selector.Selector#compile} runs a hand-written {@code Lexer} and a recursive-descent
 * {@code Parser} that builds a tree of small expression nodes, checking the static types the spec fixes at compile
 * time; everything that depends on a message's values is decided at evaluation, where a type mismatch or a missing
 * value yields FALSE or UNKNOWN and never an exception. Values come from a
 * {@link dev.apogee.remoting.selector.ValueResolver}; the {@link dev.apogee.remoting.selector.Dialect} says whether
 * string values may stand in for numbers and booleans (RocketMQ, whose properties are all strings) or not (JMS).
 * {@link dev.apogee.remoting.selector.JmsWireValues} restores JMS types and header fields from the JMS provider's
 * string-property mapping, so the broker can evaluate a JMS selector with JMS typing (expression type {@code JMS}).
 *
 * <p>Hostile input is bounded: expression length, nesting depth (so neither parsing nor evaluation can overflow the
 * stack) and LIKE matching, which is a bit-parallel automaton, linear in the value's length.
 *
 * <p>Thread-safety: a compiled {@code Selector} and everything it references are immutable and may be evaluated by
 * any number of threads at once; compiling touches no shared state.
 */
package dev.apogee.remoting.selector;

/**
 * What a server setting accepts, shared by the broker's and the name server's {@code key=value} bindings so that
 * both refuse a bad value the same way: {@link dev.apogee.remoting.config.SettingRule} derives the allowed values
 * from the setting's Java type, its name and the {@link dev.apogee.remoting.config.Range},
 * {@link dev.apogee.remoting.config.OneOf} or {@link dev.apogee.remoting.config.Matches} declared on it, and
 * {@link dev.apogee.remoting.config.InvalidSettingException} says in one line which key, which value and what is
 * allowed; {@link dev.apogee.remoting.config.StartupRefusal} is how a server's {@code main} then refuses to start
 * (one line on stderr, the details in the log file only). In {@code remoting} because it is the one module both
 * servers depend on.
 *
 * <p>Threads: immutable rules and annotations, safe from any thread.
 */
package dev.apogee.remoting.config;

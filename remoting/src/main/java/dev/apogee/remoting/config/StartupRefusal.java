package dev.apogee.remoting.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * How a server's {@code main} refuses to start: one line {@code <program>: <reason>} on stderr and a non-zero exit;
 * the reason and the cause (with its stack trace) go to the logger {@value #DETAIL_LOGGER}, which the servers'
 * logback files send to the log file only, so the operator's terminal never shows a stack trace for a bad port, a
 * bad setting, a locked store or an unreadable file.
 */
public final class StartupRefusal {
    /** Logger name of start-up refusal details; the launch scripts' logback files route it to the file only. */
    public static final String DETAIL_LOGGER = "dev.apogee.startup";
    private static final Logger DETAIL = LoggerFactory.getLogger(DETAIL_LOGGER);

    private final String program;

    /** @param program the name the operator typed ({@code mqbroker}, {@code mqnamesrv}, {@code apogee-standalone}) */
    public StartupRefusal(String program) {
        this.program = program;
    }

    /** Prints {@code program: reason}, logs the details under {@code id} and exits with {@code exitCode}. */
    public void exit(int exitCode, String id, String reason, Throwable cause) {
        if (cause == null) {
            DETAIL.error("{} {}", id, reason);
        } else {
            DETAIL.error("{} {}", id, reason, cause);
        }
        System.err.println(program + ": " + reason);
        System.exit(exitCode);
    }

    /** Where the details of an unexpected failure are: the log file the launch scripts configure. */
    public static String logHint(String logFileName) {
        String dir = System.getProperty("apogee.log.dir");
        return dir == null ? "details in the log" : "details in " + Path.of(dir, logFileName);
    }

    /** {@code cannot read config file <file>: <reason>}, the reason in words rather than an exception's name. */
    public static String unreadable(Path file, IOException e) {
        String reason;
        if (e instanceof NoSuchFileException) {
            reason = "no such file";
        } else if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof CharacterCodingException) {
            reason = "not UTF-8 text";
        } else {
            reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return "cannot read config file " + file + ": " + reason;
    }
}

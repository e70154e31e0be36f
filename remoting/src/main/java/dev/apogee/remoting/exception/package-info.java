/** Transport failures of remote calls, thrown to callers of the client and server invoke methods. */
package dev.apogee.remoting.exception;

/**
 * LangChain4j over dsh: {@link dev.dsh.langchain4j.DshWebSearchTool}, the host's {@code
 * web_search} tool for an AI service, and {@link dev.dsh.langchain4j.DshWebSearchEngine}, a
 * {@link dev.langchain4j.web.search.WebSearchEngine} over a dsh {@link dev.dsh.api.web.WebService}.
 */
@NullMarked
package dev.dsh.langchain4j;

import org.jspecify.annotations.NullMarked;
